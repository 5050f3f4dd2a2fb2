import { describe, expect, it } from 'vitest';
import { canonicalCertificateNumber, certificateNumberOf, CERTIFICATE_ALPHABET, typedCertificateNumber } from './certificate-number.ts';

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
    // a document's dashes: en, em, non-breaking hyphen, minus (decision 0045)
    ['7K4M\u2013Q2XD\u20149HRT', '7K4M-Q2XD-9HRT'],
    ['7K4M\u2011Q2XD\u22129HRT', '7K4M-Q2XD-9HRT'],
  ])('reads %j as %j', (typed, printed) => expect(canonicalCertificateNumber(typed)).toBe(printed));

  it.each(['7K4M-Q2XD-9HR', '7K4M-Q2XD-9HRTX', '7K4M-Q2XD-9HRU', '-01vitekprEl_', ''])('cannot read %j as a number of this form', (typed) =>
    expect(canonicalCertificateNumber(typed)).toBeNull(),
  );

  it('makes a typed or pasted number plain for the check: any dash a hyphen, no spaces, case and letters as typed', () => {
    expect(typedCertificateNumber(' 7k4m\u2013q2xd 9hrt ')).toBe('7k4m-q2xd9hrt');
    // a number issued before 0040 is case-sensitive and may hold '_': only dashes and spaces change
    expect(typedCertificateNumber('-01vitek_prEl\u2011x')).toBe('-01vitek_prEl-x');
  });
});
