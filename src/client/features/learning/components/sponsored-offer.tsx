// The sponsored video and its offer (spec §2, §4 "SVA"): the video plays, and when it ends the offer shows with
// its yes/no answer (saved as 2 or 3) and Replay Video, which returns to the video. Nobody is made to watch:
// 'Skip to the offer' reaches it at once, for keyboard and screen-reader users above all.
import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '#shared/api/endpoint';
import type { getSva } from '#shared/api/learning';
import { VideoPlayer } from '../../../components/content/video-player.tsx';
import { MutationError } from '../../../components/ui/alert.tsx';
import { mediaUrl } from '../../../lib/media.ts';
import { SVA_SAVE_ERROR } from '../../../lib/messages.ts';
import { saveSvaResponse, SVA_NO, SVA_YES } from '../api/save-sva-response.ts';
import { BusyButton } from '../../../components/ui/busy-button.tsx';

export type Sva = ResponseOf<typeof getSva>['data'][number];

interface SponsoredOfferProps {
  c: string;
  sva: Sva;
  /** the answer is saved: on to the next step */
  onAnswered: () => void;
}

export function SponsoredOffer({ c, sva, onAnswered }: SponsoredOfferProps) {
  const hasVideo = Boolean(sva.videoFile || sva.youtubeId);
  // without a video to play there is only the offer
  const [phase, setPhase] = useState<'video' | 'offer'>(hasVideo ? 'video' : 'offer');
  const [replays, setReplays] = useState(0);
  const offerTitle = useRef<HTMLHeadingElement>(null);
  const answer = useMutation({ mutationFn: (e: typeof SVA_YES | typeof SVA_NO) => saveSvaResponse(c, sva.id, e), onSuccess: onAnswered });

  // the offer replaces what had focus (the video, the skip button): the heading takes it, so nobody is left on nothing
  const movedToOffer = useRef(false);
  useEffect(() => {
    if (phase === 'offer' && movedToOffer.current) offerTitle.current?.focus();
  }, [phase]);
  const showOffer = () => {
    movedToOffer.current = true;
    setPhase('offer');
  };

  if (phase === 'video')
    return (
      <section className="sva-video" aria-labelledby="sva-video-title">
        <h2 id="sva-video-title">A message from {sva.companyName}</h2>
        <div className="class-media">
          {/* keyed: Replay Video starts a new player from the beginning */}
          <VideoPlayer
            key={replays}
            file={sva.videoFile ? mediaUrl(sva.videoFile) : null}
            youtubeId={sva.youtubeId}
            title={`Sponsored video from ${sva.companyName}`}
            autoPlay={replays > 0}
            onEnded={showOffer}
          />
        </div>
        <p>When the video ends, the offer from {sva.companyName} appears here.</p>
        <button type="button" className="button button-secondary" onClick={showOffer}>
          Skip to the offer
        </button>
      </section>
    );

  return (
    <section className="card sva-offer" aria-labelledby="sva-offer-title">
      {sva.companyPhoto && <img className="sva-logo" src={mediaUrl(sva.companyPhoto)} alt={sva.companyName} width={160} height={60} decoding="async" />}
      <h2 id="sva-offer-title" ref={offerTitle} tabIndex={-1}>
        {sva.headline}
      </h2>
      <p>{sva.blurb}</p>
      <p className="sva-question">{sva.headlineButtons}</p>
      <div className="actions">
        <BusyButton type="button" className="button" busy={answer.isPending || answer.isSuccess} onClick={() => answer.mutate(SVA_YES)}>
          {sva.buttonTextYes}
        </BusyButton>
        <BusyButton type="button" className="button button-secondary" busy={answer.isPending || answer.isSuccess} onClick={() => answer.mutate(SVA_NO)}>
          {sva.buttonTextNo}
        </BusyButton>
      </div>
      <MutationError mutation={answer} fallback={SVA_SAVE_ERROR} />
      {hasVideo && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            answer.reset();
            setReplays((n) => n + 1);
            setPhase('video');
          }}
        >
          Replay Video
        </button>
      )}
    </section>
  );
}
