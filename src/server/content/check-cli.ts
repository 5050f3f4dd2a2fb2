// `tsx src/server/content/check-cli.ts <pack.json> [--no-media]`: validate a pack without importing it.
import { loadPack, mediaPaths, PackError } from './load-pack.ts';

const file = process.argv[2];
if (!file) {
  console.error('usage: check-cli <pack.json> [--no-media]');
  process.exit(2);
}
try {
  const { pack } = await loadPack(file, { checkMedia: !process.argv.includes('--no-media') });
  const classes = pack.classes ?? [];
  const count = (k: string) => classes.filter((c) => c.kind === k).length;
  const eps = (pack.podcastShows ?? []).flatMap((s) => s.episodes);
  console.log(`ok: ${classes.length} classes (live ${count('live')}, video ${count('video')}, pdf ${count('pdf')}, archive ${count('archive')}, tutorial ${count('tutorial')}), ${pack.podcastShows?.length ?? 0} shows / ${eps.length} episodes, ${pack.ebooks?.length ?? 0} ebooks, ${mediaPaths(pack).length} media files`);
} catch (err) {
  console.error(err instanceof PackError ? err.message : err);
  process.exit(1);
}
