// Alerts: danger (errors, announced at once), success and info (announced politely); optionally dismissible.
import { useState, type ReactNode } from 'react';

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
