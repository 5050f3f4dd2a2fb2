// What the device keeps about the logged-in student, written after a login, a registration or a profile
// change, so the menu and the support form show the current name and e-mail.
import { storageSettled } from '../../lib/persist/idb-storage.ts';
import { queryClient } from '../../lib/query-client.ts';
import { studentName, useSessionStore } from './stores/session-store.ts';

interface Student {
  hash: string;
  firstname: string;
  lastname: string;
  email: string;
}

/**
 * a login or a registration; resolves once the session is in IndexedDB, so a page loaded right after (a
 * redirect, a reload, a link opened in a new tab) finds the student logged in
 */
export const remember = async (student: Student): Promise<void> => {
  useSessionStore.getState().setSession({ hash: student.hash, name: studentName(student.firstname, student.lastname), email: student.email });
  // everything cached so far was fetched anonymously
  void queryClient.resetQueries();
  await storageSettled();
};

/** a saved profile: same session, maybe a new name or e-mail */
export const rememberProfile = (student: Omit<Student, 'hash'>): void => {
  const { hash, setSession } = useSessionStore.getState();
  setSession({ hash, name: studentName(student.firstname, student.lastname), email: student.email });
};
