// The proof of a course recorded without one, added from its row (a walk: a course recorded before its certificate
// came could only be removed and recorded again): the same picker as the course's form, then Attach.
import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MutationError } from '../../../components/ui/alert.tsx';
import { attachProof } from '../api/reported-course-proof-add.ts';
import { ProofPicker, type Proof } from './proof-picker.tsx';

export const PROOF_ATTACHED = 'Proof attached.';
export const PROOF_WAITING = 'The proof is saved on this device. It will be sent when you are back online.';

export function AttachProof({ id, title, onClose }: { id: number; title: string; onClose: (said: string | null) => void }) {
  const [proof, setProof] = useState<Proof | null>(null);
  const [preparing, setPreparing] = useState(false);
  const attach = useMutation({
    mutationFn: (p: Proof) => attachProof(id, title, p),
    onSuccess: (outcome) => onClose(outcome.kind === 'pending' ? PROOF_WAITING : PROOF_ATTACHED),
  });
  // the Add proof button it replaces had the focus: the picker's first button takes it
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.querySelector<HTMLElement>('input[type=file]')?.focus(), []);
  return (
    <div className="attach-proof" ref={ref}>
      <ProofPicker proof={proof} onChange={setProof} onBusy={setPreparing} legend={`Proof of ${title}`} />
      <div className="actions">
        <button type="button" className="button button-small" disabled={!proof || preparing || attach.isPending} onClick={() => proof && attach.mutate(proof)}>
          {attach.isPending ? 'Attaching…' : 'Attach proof'}
        </button>
        <button type="button" className="button button-secondary button-small" onClick={() => onClose(null)}>
          Cancel
        </button>
      </div>
      <MutationError mutation={attach} fallback="The proof could not be attached. Try again." />
    </div>
  );
}
