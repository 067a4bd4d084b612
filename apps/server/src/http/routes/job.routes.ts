import type { JobStatus, JobType } from '../../entities/job.entity.js';
import { isTerminal, type JobService } from '../../services/job.service.js';
import { jobDetailsDto, jobDto, pageDto } from '../dto.js';
import { query, type OperationRouter } from '../operation-router.js';

const KEEP_ALIVE_MS = 15_000;

export function jobRoutes(routes: OperationRouter, jobs: JobService): void {
  routes.handle('listJobs', async (req, res) => {
    const q = query<{ type?: JobType; status?: JobStatus; library_id?: string; page: number; limit: number }>(req);
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
    await jobs.require(id); // 404 as problem+json before the stream starts
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
      for await (const job of jobs.watch(id, closed.signal)) {
        const event = isTerminal(job.status) ? 'end' : 'progress';
        res.write(`event: ${event}\ndata: ${JSON.stringify(jobDto(job))}\n\n`);
      }
    } finally {
      clearInterval(keepAlive);
      res.end();
    }
  });
}
