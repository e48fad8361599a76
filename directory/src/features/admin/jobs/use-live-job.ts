/**
 * A job as it happens: the job and its events from GET /api/admin/jobs/:id, then live from the job's event
 * stream (server-sent events) until it finishes. The stream resumes after the last event it delivered, so
 * nothing is shown twice; if the browser has no EventSource or the stream cannot be opened, the page polls.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminJobSchema,
  isFinishedJobStatus,
  jobEventSchema,
  type AdminJob,
  type JobDetailResponse,
  type JobEvent,
} from '@moveratlas/contracts';

const POLL_MS = 2000;

export const jobPath = (id: string | number) => `/api/admin/jobs/${id}`;

export interface LiveJob {
  job: AdminJob | undefined;
  events: JobEvent[];
  query: ReturnType<typeof useQuery<JobDetailResponse>>;
  /** Replace the job after an action answered with its new state (cancel, retry). */
  setJob: (job: AdminJob) => void;
  /** Whether updates arrive by stream (else by polling, or not at all once the job is done). */
  streaming: boolean;
}

export function useLiveJob(id: string): LiveJob {
  const queryClient = useQueryClient();
  const [streamFailed, setStreamFailed] = useState(false);
  const [streamed, setStreamed] = useState<{ job?: AdminJob; events: JobEvent[] }>({
    events: [],
  });
  const [streaming, setStreaming] = useState(false);
  const query = useQuery<JobDetailResponse>({
    queryKey: [jobPath(id)],
    // A job changes by the second: always load it afresh when the page opens.
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: (q) => {
      const status = q.state.data?.job.status;
      const polling = streamFailed || typeof EventSource === 'undefined';
      return polling && status && !isFinishedJobStatus(status) ? POLL_MS : false;
    },
  });

  // A fresh load (or a poll) supersedes what the stream had brought.
  const loadedAt = query.dataUpdatedAt;
  const seenLoad = useRef(loadedAt);
  if (seenLoad.current !== loadedAt) {
    seenLoad.current = loadedAt;
    if (streamed.job || streamed.events.length > 0) setStreamed({ events: [] });
  }

  const job = streamed.job ?? query.data?.job;
  const events = useMemo(() => {
    const loaded = query.data?.events ?? [];
    const last = loaded.at(-1)?.id ?? 0;
    return [...loaded, ...streamed.events.filter((e) => e.id > last)];
  }, [query.data, streamed.events]);
  const lastEventId = events.at(-1)?.id ?? 0;
  const finished = job ? isFinishedJobStatus(job.status) : true;

  // The stream opens once the first load is in, for a job still going, and reopens after a retry.
  const after = useRef(lastEventId);
  after.current = lastEventId;
  useEffect(() => {
    if (finished || streamFailed || typeof EventSource === 'undefined' || !query.data) return;
    const source = new EventSource(`${jobPath(id)}/events?after=${after.current}`);
    setStreaming(true);
    const close = () => {
      source.close();
      setStreaming(false);
    };
    source.addEventListener('job', (message) => {
      const parsed = adminJobSchema.safeParse(JSON.parse((message as MessageEvent<string>).data));
      if (parsed.success) setStreamed((s) => ({ ...s, job: parsed.data }));
    });
    source.addEventListener('log', (message) => {
      const parsed = jobEventSchema.safeParse(JSON.parse((message as MessageEvent<string>).data));
      if (parsed.success)
        setStreamed((s) =>
          s.events.some((e) => e.id === parsed.data.id)
            ? s
            : { ...s, events: [...s.events, parsed.data] },
        );
    });
    source.addEventListener('end', () => {
      close();
      // The list and the scripts' last runs change with this job.
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/jobs'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/scripts'] });
    });
    source.onerror = () => {
      // A dropped connection reconnects by itself (resuming after the last event); a refused one
      // (signed out, job gone) is closed for good: fall back to polling, which shows the error.
      if (source.readyState === EventSource.CLOSED) {
        close();
        setStreamFailed(true);
      }
    };
    return close;
    // `after` is read when the stream opens; it must not reopen it on every line.
  }, [id, finished, streamFailed, query.data, queryClient]);

  const setJob = useCallback((next: AdminJob) => setStreamed((s) => ({ ...s, job: next })), []);
  return { job, events, query, setJob, streaming };
}
