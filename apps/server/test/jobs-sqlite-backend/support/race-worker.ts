/**
 * A second process for the race test: one Agenda on the shared SQLite file that records every run of the `race` job
 * in the `race_runs` table. It says 'ready' once started and stops when the parent sends 'stop'.
 */
import { Agenda } from 'agenda';
import { createSqliteBackend } from '../../../src/jobs/sqlite-backend/index.js';
import { defineRaceJob, openRunLog } from './race.js';

const [path, worker] = process.argv.slice(2);
if (!path || !worker || !process.send)
  throw new Error('usage: race-worker.ts <db path> <worker name>, forked with IPC');

const runs = openRunLog(path);
const agenda = new Agenda({ backend: createSqliteBackend({ path }), name: worker, processEvery: 50 });
defineRaceJob(agenda, runs, worker);
await agenda.start();
process.send('ready');

process.on('message', (message) => {
  if (message !== 'stop') return;
  void agenda.drain(5_000).then(() => {
    runs.close();
    process.exit(0);
  });
});
