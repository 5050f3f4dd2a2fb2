// The browser's part of a link tap in client tests: whether the page's own handler let it happen (not
// `preventDefault`); the tap then stops there, as a test page cannot open windows or leave.
import { afterEach, beforeEach } from 'vitest';

/** call at the top of a file or describe: the array holds, per link tap of the current test, whether it was followed */
export function recordLinkTaps(): boolean[] {
  const followed: boolean[] = [];
  const follow = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest('a')) return;
    followed.push(!event.defaultPrevented);
    event.preventDefault();
  };
  beforeEach(() => {
    followed.length = 0;
    window.addEventListener('click', follow);
  });
  afterEach(() => window.removeEventListener('click', follow));
  return followed;
}
