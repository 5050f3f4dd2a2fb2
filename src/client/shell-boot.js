// Starts the app under a prerendered shell (docs/decisions/0024-prerendered-shell.md) once the shell has painted:
// the HTML and the one stylesheet paint the first screen, and the app's scripts start only then, so they never
// compete with that paint for the bandwidth or the main thread. The shell names the entry and the screen's chunks.
const root = document.getElementById('root');
// the browser's offer to install may come before the app runs: kept here for it (features/install/install-store.ts)
addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  window.__earlyInstallPrompt = event;
});
let started = false;
const start = () => {
  if (started) return;
  started = true;
  for (const href of (root.dataset.chunks ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(root.dataset.entry);
};

// The takeover window: the shell (and a visitor's first rows, decision 0028) is on screen before the app runs, and
// React then replaces that markup with its own, or takes over its elements as they are (a visitor's rows, decision
// 0051). What the student does meanwhile is not lost: a tap on a link or a button is held and done again on the
// app's same element once it is there (so the app's own handler runs: a featured item's click is logged, a sponsor
// banner opens its dialog), and text typed in a field is put in the app's field, with the focus and the caret.
// Elements are matched by what they are and say, not by position: the wide layout's markup is not the phone's.
const shell = () => root.querySelector('.app[data-prerendered]');
const keyOf = (el) =>
  [el.tagName, el.getAttribute('href'), el.getAttribute('type'), el.getAttribute('name'), el.getAttribute('aria-label'), el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' ? el.getAttribute('placeholder') : el.textContent.trim()].join('|');
/** where to find `el` again: its key, and which of the elements with that key it is */
const placeOf = (el) => {
  const key = keyOf(el);
  return { key, tag: el.tagName, nth: [...root.querySelectorAll(el.tagName)].filter((e) => keyOf(e) === key).indexOf(el) };
};
const find = ({ key, tag, nth }) => [...root.querySelectorAll(tag)].filter((e) => keyOf(e) === key)[nth] ?? null;
let tap = null;
let submitted = null;
let focused = null;
const typed = new Map();
const hold = (event, what) => {
  event.preventDefault();
  event.stopImmediatePropagation();
  // the student is waiting for the app: no reason left to let the pictures go first
  start();
  return placeOf(what);
};
const onClick = (event) => {
  const el = event.target instanceof Element && event.target.closest('a[href], button, summary');
  // an anchor on the page (the skip link) needs no app
  if (!el || !shell()?.contains(el) || el.getAttribute('href')?.startsWith('#')) return;
  tap = { ...hold(event, el), href: el.tagName === 'A' ? el.href : null };
  // an app that never comes (its scripts failed to load) does not keep a link from opening as a page
  const held = tap;
  setTimeout(() => {
    if (tap === held && shell() && held.href) location.assign(held.href);
  }, 10_000);
};
const onSubmit = (event) => {
  if (shell()?.contains(event.target)) submitted = hold(event, event.target);
};
const onInput = (event) => {
  if (shell()?.contains(event.target)) typed.set(event.target, placeOf(event.target));
  start();
};
const onFocus = (event) => {
  if (shell()?.contains(event.target)) focused = event.target;
};
addEventListener('click', onClick, true);
addEventListener('submit', onSubmit, true);
addEventListener('input', onInput, true);
addEventListener('focusin', onFocus, true);
const takenOver = () => {
  removeEventListener('click', onClick, true);
  removeEventListener('submit', onSubmit, true);
  removeEventListener('input', onInput, true);
  removeEventListener('focusin', onFocus, true);
  for (const [old, place] of typed) {
    // the same field when the app hydrated the page, the app's own when it replaced it
    const field = find(place);
    if (!field) continue;
    const { value, selectionStart, selectionEnd } = old;
    // as typing does it, so the app's own change handler takes the text: React reads a change when the native
    // setter's value differs from the one it knows, which is set through the field's own setter (a field it hydrated
    // knows the empty value it rendered, not the text typed before)
    field.value = '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (old === focused) {
      field.focus({ preventScroll: true });
      try {
        field.setSelectionRange(selectionStart, selectionEnd);
      } catch {
        // (a field type without a caret)
      }
    }
  }
  const form = submitted && find(submitted);
  if (form) form.requestSubmit();
  const held = tap;
  tap = null;
  const el = held && find(held);
  if (el) el.click();
  // not in the app's first screen (a student's rows come after it): the link opens as a page would
  else if (held?.href) location.assign(held.href);
};
if (shell()) {
  const watch = new MutationObserver(() => {
    if (shell()) return;
    watch.disconnect();
    takenOver();
  });
  // React's first commit empties #root and puts its own markup in, or (hydrating it) takes the mark off the frame
  watch.observe(root, { childList: true, subtree: true, attributeFilter: ['data-prerendered'] });
}
// The pictures the first screen shows (the first rows' photos, a sponsor banner among them) load and paint first too:
// on a slow link they would share it with the scripts, and one of them may be the page's largest paint (/webinars'
// banner, decision 0028), which must be on screen before React replaces the shell. At most a second: a picture that
// never comes holds nothing back.
const pictures = () =>
  Promise.race([
    Promise.all(
      [...root.querySelectorAll('img')]
        .filter((img) => !img.complete && img.getBoundingClientRect().top < innerHeight)
        .map((img) => new Promise((resolve) => (img.addEventListener('load', resolve), img.addEventListener('error', resolve)))),
    ),
    new Promise((resolve) => setTimeout(resolve, 1000)),
  ]);
/** after the next paint: a frame, then a task */
const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
// a hidden tab paints nothing, so it starts at once
void painted()
  .then(pictures)
  .then(painted)
  .then(start);
if (document.visibilityState === 'hidden') start();
