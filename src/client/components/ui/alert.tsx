// Alerts: danger (errors, announced at once), success and info (announced politely); optionally dismissible.
import { useState, type ReactNode } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { CORRECT_ERRORS } from '#shared/domain/validation';
import { ApiError, errorMessage, isUnreachable, type FailureTexts } from '../../lib/api.ts';
import { CHECKING } from '../../lib/messages.ts';
import { QUERY_EFFECTS } from '../../lib/query-effects.ts';

interface AlertProps {
  tone?: 'danger' | 'success' | 'info' | 'warning';
  children: ReactNode;
  dismissible?: boolean;
  onDismiss?: () => void;
}

export function Alert({ tone = 'info', children, dismissible = false, onDismiss }: AlertProps) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <div className={`alert alert-${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      <div className="alert-body">{children}</div>
      {dismissible && (
        <button
          type="button"
          className="alert-close"
          aria-label="Dismiss message"
          onClick={() => {
            setOpen(false);
            onDismiss?.();
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}

interface MutationErrorProps {
  mutation: { isError: boolean; error: unknown; reset: () => void; variables?: unknown; mutate?: (variables: any) => void };
  /** spec §8's text(s) for this action when the server gave no message of its own (lib/api.ts errorMessage) */
  fallback: string | FailureTexts;
  /** spec §8 gives some actions one text whatever the server said (Profile: 'Service error.') */
  message?: string;
}

/** a failed action in the server's words (or the spec's fallback), dismissible; dismissing resets the action */
/**
 * May pass on a second try: no answer (the write carries the same Idempotency-Key again, lib/api.ts, so a write
 * the server applied is not applied twice) or a server failure. A refusal is the server's final word.
 */
export const worthRetrying = (error: unknown): boolean => error instanceof ApiError && error.kind !== 'refused';

/**
 * A failed action in the server's words (or the spec's fallback), dismissible; dismissing resets the action.
 * Where a second try may pass, Try again sends the same action again in place.
 */
export function MutationError({ mutation, fallback, message }: MutationErrorProps) {
  // a write that got no answer may have been applied: while what it would change is read again (lib/query-effects.ts)
  // the screen says it is checking, and then shows the server's state, or this failure with Try again
  const lostPath = mutation.isError && isUnreachable(mutation.error) && mutation.error instanceof ApiError ? mutation.error.path : null;
  const rereads = lostPath === null ? [] : (QUERY_EFFECTS[lostPath] ?? []);
  const checking = useIsFetching({ predicate: (q) => rereads.includes(q.queryKey[1] as string) }) > 0;
  if (!mutation.isError) return null;
  if (checking) return <Alert tone="info">{CHECKING}</Alert>;
  const retry = mutation.mutate && worthRetrying(mutation.error) ? mutation.mutate : null;
  return (
    <Alert tone="danger" dismissible onDismiss={() => mutation.reset()}>
      {/* a screen's one text (Profile's 'Service error.') is for the server's answers: no answer says so */}
      <p>{message !== undefined && !isUnreachable(mutation.error) ? message : errorMessage(mutation.error, fallback)}</p>
      {retry && (
        // (while it runs the action's own button says so; this message goes until the answer)
        <button type="button" className="button button-secondary" onClick={() => retry(mutation.variables)}>
          Try again
        </button>
      )}
    </Alert>
  );
}

/** the end of a form (spec §5): CORRECT_ERRORS while its fields show errors, otherwise a failed submit */
export function FormError({ invalid, ...props }: MutationErrorProps & { invalid: boolean }) {
  return invalid ? <Alert tone="danger">{CORRECT_ERRORS}</Alert> : <MutationError {...props} />;
}
