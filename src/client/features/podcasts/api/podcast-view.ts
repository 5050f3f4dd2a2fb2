// POST /api/podcast-view: logs each start of playback (decisions.md), with an event id for replays.
import { postPodcastView } from '#shared/api/podcasts';
import { call } from '../../../lib/api.ts';
import { uuid } from '../../../lib/uuid.ts';

export const logPodcastPlay = (p: string) => call(postPodcastView, { body: { p, e: uuid() } });
