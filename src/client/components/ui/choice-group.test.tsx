// A choice group's inputs are written again only when what they show changes (decision 0047): React clears and
// sets back the name of every input it updates, and a radio group renamed while one of its radios had the focus
// lost Chrome its group (Tab then stopped on each choice). Here: another question answered, or the form's own
// render with options made anew, writes nothing on this group's inputs.
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChoiceGroup } from './choice-group.tsx';

function TwoQuestions() {
  const [answers, setAnswers] = useState({ first: '', second: '' });
  // made anew at each render, as some callers do
  const options = [
    { value: '1', label: 'Yes' },
    { value: '0', label: 'No' },
  ];
  return (
    <form>
      {(['first', 'second'] as const).map((q) => (
        <ChoiceGroup key={q} legend={`The ${q} question`} name={q} type="radio" options={options} selected={[answers[q]]} onChange={(value) => setAnswers({ ...answers, [q]: value })} />
      ))}
    </form>
  );
}

describe('a choice group', () => {
  it('writes nothing on its inputs when another group is answered', async () => {
    const { container } = render(<TwoQuestions />);
    const second = Array.from(container.querySelectorAll<HTMLInputElement>('input[name="second"]'));
    const written: string[] = [];
    const observer = new MutationObserver((records) => records.forEach((r) => written.push(`${(r.target as HTMLInputElement).value} ${r.attributeName}`)));
    second.forEach((input) => observer.observe(input, { attributes: true }));
    fireEvent.click(screen.getAllByRole('radio', { name: 'Yes' })[0]!);
    await Promise.resolve();
    observer.disconnect();
    expect((screen.getAllByRole('radio', { name: 'Yes' })[0] as HTMLInputElement).checked).toBe(true);
    expect(written).toEqual([]);
  });

  it('calls the latest handler: answers given one after the other are all kept', () => {
    render(<TwoQuestions />);
    fireEvent.click(screen.getAllByRole('radio', { name: 'Yes' })[0]!);
    fireEvent.click(screen.getAllByRole('radio', { name: 'No' })[1]!);
    // the second group's handler closed over the answers after the first: the first answer stands
    expect((screen.getAllByRole('radio', { name: 'Yes' })[0] as HTMLInputElement).checked).toBe(true);
    expect((screen.getAllByRole('radio', { name: 'No' })[1] as HTMLInputElement).checked).toBe(true);
  });
});
