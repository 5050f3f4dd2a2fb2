// The device's IANA time zone, sent with the calls whose answers name a day or a time for the student: a seat's
// e-mails (decision 0041) and a pass's certificate date (decision 0045).
export const deviceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
