// A message carried to the next screen: a guard of spec §4 says why it sent the student elsewhere ('Please view
// class before taking exam.' on the way to the classroom). The one way screens pass an alert along a navigation:
// `showNotice(text)`, then navigate; the next screen shows it under its heading (ui/screen.tsx).
// It lasts for the navigation that carries it and the redirects that follow (replaceState: a live class's
// classroom URL forwards to its live page), and ends with the user's next navigation (a link, a button, Back).
import { create } from 'zustand';

/** a guard's reason is a warning; the outcome of the student's own action (a seat released) a success */
export type NoticeTone = 'warning' | 'success';

interface NoticeState {
  message: string | null;
  tone: NoticeTone;
  /** not yet carried by a navigation */
  armed: boolean;
}

const useNoticeStore = create<NoticeState>(() => ({ message: null, tone: 'warning', armed: false }));

export const showNotice = (message: string, tone: NoticeTone = 'warning'): void => useNoticeStore.setState({ message, tone, armed: true });
export const dismissNotice = (): void => useNoticeStore.setState({ message: null, armed: false });
/** the notice goes once what it asked for is done (the class viewed, after 'Please view class before taking exam.') */
export const dismissNoticeOf = (message: string): void => {
  if (useNoticeStore.getState().message === message) dismissNotice();
};
export const useNotice = (): string | null => useNoticeStore((s) => s.message);
export const useNoticeTone = (): NoticeTone => useNoticeStore((s) => s.tone);

if (typeof window !== 'undefined') {
  // wouter dispatches pushState and replaceState around history's; redirects replace, the user's navigations push
  const onNavigation = (byUser: boolean) => () => {
    const { message, armed } = useNoticeStore.getState();
    if (message === null) return;
    if (armed) useNoticeStore.setState({ armed: false });
    else if (byUser) dismissNotice();
  };
  addEventListener('pushState', onNavigation(true));
  addEventListener('popstate', onNavigation(true));
  addEventListener('replaceState', onNavigation(false));
}
