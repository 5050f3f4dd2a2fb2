// An episode as the player knows it: what the mini and full player show and what the engine loads. Built from
// the contract's PodcastListItem (rows, the series page, search, My CE), stored on the device with the player.
import * as v from 'valibot';
import type { PodcastListItem } from '#shared/api/common';

export const PlayerEpisode = v.object({
  hash: v.string(),
  showHash: v.string(),
  title: v.string(),
  speakerName: v.string(),
  /** the series title when the caller knows it; the full player falls back to the speaker */
  showTitle: v.optional(v.string(), ''),
  photo: v.string(),
  mp3: v.string(),
  /** from the API: howler's duration() reads Infinity until the metadata loads (howler#783) */
  durationSec: v.number(),
  hasExam: v.optional(v.boolean(), true),
  examTaken: v.optional(v.boolean(), false),
});
export type PlayerEpisode = v.InferOutput<typeof PlayerEpisode>;

type EpisodeSource = Pick<PodcastListItem, 'hash' | 'podcastShowHash' | 'title' | 'speakerName' | 'photo' | 'mp3' | 'durationSec' | 'examTaken'> & {
  hasExam?: boolean;
};

export const toPlayerEpisode = (item: EpisodeSource, showTitle = ''): PlayerEpisode => ({
  hash: item.hash,
  showHash: item.podcastShowHash,
  title: item.title,
  speakerName: item.speakerName,
  showTitle,
  photo: item.photo,
  mp3: item.mp3,
  durationSec: item.durationSec,
  hasExam: item.hasExam ?? true,
  examTaken: item.examTaken,
});
