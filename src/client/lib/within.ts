// Work that may never answer (an IndexedDB read held by a page in WebKit's back/forward cache, a first screen that
// never shows its rows) is given a time.

/** `work`'s answer, or undefined once `ms` have passed without one */
export const within = <T>(work: Promise<T>, ms: number): Promise<T | undefined> => Promise.race([work, new Promise<undefined>((resolve) => setTimeout(resolve, ms))]);
