// The survey answers of this class still waiting in the outbox (taken offline, not sent yet): the survey
// resumes after them as it does after the answers the server has.
import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { postSaveSurveyResponse } from '#shared/api/learning';
import { waitingBodies } from '../../../lib/outbox/index.ts';
import { useSessionStore } from '../../session/stores/session-store.ts';

const Answer = v.object({ c: v.string(), sh: v.string(), q: v.string() });

/** the hashes of the questions answered on the device for class `c`'s survey `sh` */
export function useWaitingSurveyAnswers(c: string) {
  const student = useSessionStore((s) => s.hash);
  return useQuery({
    queryKey: ['outbox-waiting', postSaveSurveyResponse.path, student, c],
    queryFn: async () =>
      (await waitingBodies(postSaveSurveyResponse.path, student ?? ''))
        .flatMap((body) => {
          const answer = v.safeParse(Answer, body);
          return answer.success && answer.output.c === c ? [answer.output] : [];
        }),
    // the device is asked, not the network; and what waits changes as the outbox sends, so never kept
    networkMode: 'always',
    staleTime: 0,
    gcTime: 0,
  });
}
