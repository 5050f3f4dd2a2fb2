import { describe, expect, it } from 'vitest';
import { canonicalCertificateNumber, certificateNumberOf, CERTIFICATE_ALPHABET } from './certificate-number.ts';

describe('certificate numbers (decision 0040)', () => {
  it('prints twelve values as three groups of four characters of Crockford base32', () => {
    expect(certificateNumberOf([0, 1, 2, 3, 10, 17, 18, 20, 21, 23, 27, 31])).toBe('0123-AHJM-NQVZ');
    expect(CERTIFICATE_ALPHABET).toHaveLength(32);
    expect(CERTIFICATE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it.each([
    ['7K4M-Q2XD-9HRT', '7K4M-Q2XD-9HRT'],
    ['7k4m q2xd 9hrt', '7K4M-Q2XD-9HRT'],
    [' 7K4MQ2XD9HRT ', '7K4M-Q2XD-9HRT'],
    ['O1I0-LLOO-ABCD', '0110-1100-ABCD'],
    ['7k-4m-q2-xd-9h-rt', '7K4M-Q2XD-9HRT'],
  ])('reads %j as %j', (typed, printed) => expect(canonicalCertificateNumber(typed)).toBe(printed));

  it.each(['7K4M-Q2XD-9HR', '7K4M-Q2XD-9HRTX', '7K4M-Q2XD-9HRU', '-01vitekprEl_', ''])('cannot read %j as a number of this form', (typed) =>
    expect(canonicalCertificateNumber(typed)).toBeNull(),
  );
});
