// A group of radio buttons or checkboxes under one question: a fieldset whose legend is the question, so a
// screen reader names the group before each choice (the evaluation's ratings, the survey's questions).
import { useId, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';

export interface ChoiceOption {
  value: string;
  label: string;
}

interface ChoiceGroupProps {
  legend: ReactNode;
  /** the inputs' name; one per group, so a radio group's arrow keys stay inside it */
  name: string;
  /** radio: one choice; checkbox: any number */
  type: 'radio' | 'checkbox';
  options: readonly ChoiceOption[];
  selected: readonly string[];
  onChange: (value: string, checked: boolean) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  className?: string;
}

export function ChoiceGroup({ legend, name, type, options, selected, onChange, onBlur, error, required, className }: ChoiceGroupProps) {
  const errorId = `${useId()}-error`;
  // The inputs are made again only when what they show changes, and call the latest handlers. React writes every
  // input it updates again, its name cleared and set back; a radio group's name rewritten while one of its radios has
  // the focus lost Chrome its group, and Tab then stopped on each of its choices (4 stops for a rating, 40 for the
  // evaluation) when another field's blur made the form render again (decision 0047).
  const handlers = useRef({ onChange, onBlur });
  useLayoutEffect(() => {
    handlers.current = { onChange, onBlur };
  });
  const chosen = selected.join('\n');
  // by what the options say, not the array: a caller may make its list anew at each render
  const said = options.map((o) => `${o.value}\u0000${o.label}`).join('\n');
  const inputs = useMemo(
    () =>
      options.map((o) => (
        <label key={o.value} className="check">
          <input
            type={type}
            // `required` on a checkbox would demand every box; "at least one" is the caller's rule
            required={required && type === 'radio'}
            name={name}
            value={o.value}
            checked={chosen.split('\n').includes(o.value)}
            onChange={(event) => handlers.current.onChange(o.value, event.target.checked)}
            onBlur={() => handlers.current.onBlur?.()}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {o.label}
        </label>
      )),
    // `said` stands for `options`: the same choices, whatever array they come in
    [said, type, required, name, chosen, error, errorId],
  );
  return (
    <fieldset className={className ? `radio-group ${className}` : 'radio-group'}>
      <legend>
        {legend}
        {required && <span className="required-mark" aria-hidden="true"> *</span>}
      </legend>
      <div className="radio-options">{inputs}</div>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
