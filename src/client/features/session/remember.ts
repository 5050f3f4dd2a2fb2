// What the device keeps about the logged-in student, written after a login, a registration or a profile
// change, so the menu and the support form show the current name and e-mail.
import { queryClient } from '../../lib/query-client.ts';
import { studentName, useSessionStore } from './stores/session-store.ts';

interface Student {
  hash: string;
  firstname: string;
  lastname: string;
  email: string;
}

/** a login or a registration */
export const remember = (student: Student): void => {
  useSessionStore.getState().setSession({ hash: student.hash, name: studentName(student.firstname, student.lastname), email: student.email });
  // everything cached so far was fetched anonymously
  void queryClient.resetQueries();
};

/** a saved profile: same session, maybe a new name or e-mail */
export const rememberProfile = (student: Omit<Student, 'hash'>): void => {
  const { hash, setSession } = useSessionStore.getState();
  setSession({ hash, name: studentName(student.firstname, student.lastname), email: student.email });
};
