// Media URLs: the data names files relative to the media folder (e.g. images/classes/x.svg), served under /media/.

export const mediaUrl = (path: string | null | undefined): string => {
  if (!path) return '';
  if (/^(https?:)?\/\//i.test(path) || path.startsWith('/media/') || path.startsWith('data:')) return path;
  return `/media/${path.replace(/^\/+/, '')}`;
};
