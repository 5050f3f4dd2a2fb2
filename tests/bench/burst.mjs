// The reservation burst of quality-bars.md: 500 students, made with their sessions directly in the
// database (security.md: never by turning limits off), send concurrent real-HTTP reservations for one
// 100-seat webinar. It must end with exactly 100 seats and 400 waitlisted, no 5xx, within 2 s.
import { createHash, randomBytes } from 'node:crypto';

export const STUDENTS = 500;
export const CAPACITY = 100;
const hashToken = (t) => createHash('sha256').update(t).digest('hex');

/**
 * `db` runs one SQL statement with positional parameters (`?` for SQLite, `$n` rewritten for PostgreSQL)
 * and returns rows; `webinarHash` names the live webinar to empty and limit to CAPACITY seats.
 */
export async function seedBurst(db, webinarHash, run) {
  const now = new Date().toISOString();
  const later = new Date(Date.now() + 86_400_000).toISOString();
  const [{ id: classId }] = await db(`select id from classes where hash = ?`, [webinarHash]);
  await db(`delete from seats where class_id = ?`, [classId]);
  await db(`update classes set capacity = ?, seats_taken = 0 where id = ?`, [CAPACITY, classId]);
  const cookies = [];
  for (let i = 0; i < STUDENTS; i++) {
    const tag = `burst${run}x${i}`;
    const [{ id }] = await db(
      `insert into students (hash, username, password_hash, title, firstname, lastname, job_title, office_name, address, city, state, zip, country, phone, email, cert_year, gender, age_range, office_size, hide_agd_reminder, created_at, updated_at)
       values (?, ?, '$scrypt$ln=10,r=8,p=1$AAAA$AAAA', 'Dr.', 'Burst', ?, 'Dentist', 'Bench Office', '1 Bench St', 'Benchville', 'IL', '60601', 'US', '3125550100', ?, 2010, 'F', '35-44', 'Solo practice', 0, ?, ?) returning id`,
      [randomBytes(12).toString('base64url'), tag, `Student ${i}`, `${tag}@example.com`, now, now],
    );
    const token = randomBytes(32).toString('base64url');
    await db(`insert into sessions (token_hash, student_id, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?)`, [hashToken(token), id, now, now, later]);
    cookies.push(`sid=${token}`);
  }
  return { classId, cookies };
}

/** every student reserves at once; requests are dealt over the servers round-robin */
export async function fireBurst(bases, webinarHash, cookies) {
  const started = performance.now();
  const answers = await Promise.all(
    cookies.map(async (cookie, i) => {
      try {
        const r = await fetch(`${bases[i % bases.length]}/api/reserve-seat`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ c: webinarHash }) });
        return { status: r.status, body: await r.json().catch(() => null) };
      } catch (err) {
        return { status: 0, body: String(err) };
      }
    }),
  );
  const ms = performance.now() - started;
  return {
    ms,
    confirmed: answers.filter((a) => a.status === 200 && a.body?.isWaiting === false).length,
    waitlisted: answers.filter((a) => a.status === 200 && a.body?.isWaiting === true).length,
    errors5xx: answers.filter((a) => a.status >= 500 || a.status === 0).length,
    other: answers.filter((a) => a.status !== 200 && a.status < 500 && a.status !== 0).map((a) => a.status),
  };
}

/** what the database holds afterwards: the seats and the counter must agree with the answers */
export async function checkBurst(db, classId) {
  const rows = await db(`select status, count(*) as n from seats where class_id = ? group by status`, [classId]);
  const [cls] = await db(`select seats_taken from classes where id = ?`, [classId]);
  const count = (s) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { reserved: count('reserved'), waiting: count('waiting'), seatsTaken: Number(cls.seats_taken) };
}

export const verdict = (r, db) =>
  r.confirmed === CAPACITY && r.waitlisted === STUDENTS - CAPACITY && r.errors5xx === 0 && r.other.length === 0 && db.reserved === CAPACITY && db.waiting === STUDENTS - CAPACITY && db.seatsTaken === CAPACITY;
