import type { JobService } from '../../services/job.service.js';
import { jobDetailsDto, jobDto, pageDto } from '../dto.js';
import { queryOf, type OperationRouter } from '../operation-router.js';
import { problem } from '../problem.js';

const KEEP_ALIVE_MS = 15_000;

export function jobRoutes(routes: OperationRouter, jobs: JobService): void {
  routes.handle('listJobs', async (req, res) => {
    const q = queryOf<'listJobs', 'page' | 'limit'>(req, 'listJobs');
    const result = await jobs.page({ type: q.type, status: q.status, libraryId: q.library_id }, q.page, q.limit);
    res.json(pageDto(result.items.map(jobDto), result.total, q.page, q.limit));
  });

  routes.handle('getJob', async (req, res) => {
    res.json(jobDetailsDto(await jobs.get(String(req.params.job_id))));
  });

  routes.handle('cancelJob', async (req, res) => {
    res.status(202).json(jobDto(await jobs.cancel(String(req.params.job_id))));
  });

  routes.handle('streamJobEvents', async (req, res) => {
    const id = String(req.params.job_id);
    const lastEventId = req.get('Last-Event-ID');
    const job = await jobs.require(id); // 404 as problem+json before the stream starts
    // EventSource reconnects whenever a stream closes, and stops only on a status other than 200.
    if (jobs.endAlreadySent(job, lastEventId)) {
      res.status(204).end();
      return;
    }
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    const closed = new AbortController();
    req.on('close', () => closed.abort());
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    try {
      for await (const event of jobs.events(req.principal!.viewer, id, lastEventId, closed.signal)) {
        if (event.kind === 'gone') {
          const gone = problem(404, 'not-found', 'Not found', `Job ${event.jobId} was deleted while followed.`);
          res.write(`event: error\ndata: ${JSON.stringify(gone)}\n\n`);
        } else {
          res.write(`id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(jobDto(event.job))}\n\n`);
        }
      }
    } finally {
      clearInterval(keepAlive);
      res.end();
    }
  });
}
