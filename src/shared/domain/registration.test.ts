// The pure parts of the register and profile rules; the messages per field are tested through the API
// (src/server/modules/account/account.test.ts), where a bypassed form must meet them too.
import { describe, expect, it } from 'vitest';
import { graduationYears, registerErrors, trimFields, type RegisterFields } from './registration.ts';

describe('registration rules', () => {
  it('offers graduation years from 90 years ago to 10 years ahead, newest first', () => {
    const years = graduationYears(new Date('2026-06-01T12:00:00Z'));
    expect(years[0]).toBe(2036);
    expect(years.at(-1)).toBe(1936);
    expect(years).toHaveLength(101);
  });

  it('trims every text but the passwords', () => {
    expect(trimFields({ firstname: '  Ann ', password: ' pass word ', password2: ' pass word ', currentPassword: ' x ' })).toEqual({ firstname: 'Ann', password: ' pass word ', password2: ' pass word ', currentPassword: ' x ' });
  });

  it('counts trimmed length for minimums, and without lookup lists accepts any chosen value', () => {
    const f: RegisterFields = {
      title: 'Dr.', firstname: ' Al ', lastname: 'Li', jobTitle: 'x', officeName: ' abcd ', address: 'ab', city: 'cd', state: 'IL', zip: '12345', country: 'US',
      phone: '1234567890', email: 'a@b.co', agdNumber: '', certYear: '2020', gender: 'M', ageRange: 'x', officeSize: 'x', username: 'abcdef', password: 'abc.123', password2: 'abc.123', sourceHeard: 'x',
    };
    expect(registerErrors(f, undefined, new Date('2026-01-01'))).toEqual({});
    expect(registerErrors({ ...f, firstname: ' A ', officeName: ' abc ' }, undefined, new Date('2026-01-01'))).toEqual({
      firstname: 'First name is a required field and must be at least 3 characters.',
      officeName: 'This is a required field and must be at least 3 characters.',
    });
  });
});
