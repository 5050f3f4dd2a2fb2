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
