// A proof file as the student picks it: a PDF by what is inside, not by its name (the server checks the same).
import { describe, expect, it } from 'vitest';
import { NOT_A_PDF, prepareProof } from './proof-picker.tsx';

describe('a proof file', () => {
  it('kept as it is when it is a PDF', async () => {
    expect(await prepareProof(new File(['%PDF-1.7 a certificate'], 'bls-card.pdf', { type: 'application/pdf' }))).toMatchObject({ kind: 'pdf', name: 'bls-card.pdf' });
  });

  it('named a PDF but not one inside is said to be that, not "not a photo"', async () => {
    await expect(prepareProof(new File(['<html>a download page</html>'], 'bls-card.pdf', { type: 'application/pdf' }))).rejects.toThrow(NOT_A_PDF);
  });
});
