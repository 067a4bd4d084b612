import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, runJob, startServer, type ScanReport } from '../lib/server.ts';

export interface IndexOnlyScan {
  report: ScanReport;
  /** CPU time of the server and its readers over the scan, and of its event loop alone, in ms. */
  cpuMs: number;
  mainMs: number;
  peakRssMb: number;
}

/**
 * A first scan without covers (`SCAN_COVERS=on-demand`), on a server of its own: indexing alone, with both cores to
 * itself, as issue 22 measures it. In a scan that makes covers they are made beside the indexing and share its cores.
 * (A server older than SCAN_COVERS makes its covers after `index_ms`, which stays indexing alone.) The library is
 * deleted afterwards, so that the same database serves the scans measured next.
 */
export async function firstScanWithoutCovers(
  env: Record<string, string>,
  libraryFolder: string,
): Promise<IndexOnlyScan> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shelfmark-bench-index-'));
  const server = await startServer({ ...env, DATA_DIR: dataDir, SCAN_COVERS: 'on-demand' });
  try {
    const library = await api<{ id: string }>(server.url, '/libraries', {
      method: 'POST',
      body: { name: 'Bench (no covers)', root_path: libraryFolder, watch: 'off' },
    });
    const cpuBefore = server.cpuMs();
    const mainBefore = server.mainThreadCpuMs();
    const { job } = await runJob(server.url, `/libraries/${library.id}/scan`, { mode: 'incremental' });
    const result = {
      report: job.report,
      cpuMs: server.cpuMs() - cpuBefore,
      mainMs: server.mainThreadCpuMs() - mainBefore,
      peakRssMb: server.peakRssMb(),
    };
    await api(server.url, `/libraries/${library.id}`, { method: 'DELETE' });
    return result;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
