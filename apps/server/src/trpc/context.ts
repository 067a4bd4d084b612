import type { Request, Response } from 'express';
import type { Principal } from '../services/auth.service.js';

/** What every procedure sees: the HTTP exchange (for the session cookie) and who is calling. */
export interface TrpcContext {
  req: Request;
  res: Response;
  principal: Principal | null;
}
