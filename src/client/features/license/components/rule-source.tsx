// Where a preset rule comes from, said beside it (license-requirements.md): the page it was read on, the day it was
// checked, whether that page is a secondary one, and "Confirm with your board": a preset is a starting point only.
import type { RuleSource } from '#shared/api/license';
import { CONFIRM_WITH_BOARD } from '#shared/domain/license';
import { formatDay } from '../format.ts';

export function RuleSourceLine({ source, edited = false }: { source: RuleSource; edited?: boolean }) {
  return (
    <div className="rule-source">
      <p>
        Source:{' '}
        <a href={source.url} target="_blank" rel="noopener noreferrer">
          {source.label}
          <span className="visually-hidden">, opens in a new tab</span>
        </a>
        , checked {formatDay(source.checkedOn)}
        {source.secondary && <span className="pill pill-secondary">Secondary source</span>}
      </p>
      {/* said with every rule, loudest where the source is not the board's own: five bold lines read as a warning */}
      <p className={source.secondary ? 'rule-confirm-secondary' : undefined}>
        {CONFIRM_WITH_BOARD}
        {source.secondary ? ': this comes from a secondary source, not the board’s own rules.' : '.'}
        {edited && ' You changed this rule: a later update of the preset leaves it as you set it.'}
      </p>
    </div>
  );
}
