import type { AuthService } from '../../services/auth.service.js';
import { apiTokenDto } from '../dto.js';
import { bodyOf, type OperationRouter } from '../operation-router.js';

export function tokenRoutes(routes: OperationRouter, auth: AuthService): void {
  routes.handle('listTokens', async (req, res) => {
    res.json({ items: (await auth.listTokens(req.principal!)).map(apiTokenDto) });
  });

  routes.handle('createToken', async (req, res) => {
    const body = bodyOf(req, 'createToken');
    const created = await auth.createToken(
      req.principal!,
      body.name,
      body.scope,
      body.expires_at ? new Date(body.expires_at) : null,
    );
    res.status(201).json({ ...apiTokenDto(created.token), token: created.secret });
  });

  routes.handle('deleteToken', async (req, res) => {
    await auth.deleteToken(req.principal!, String(req.params.token_id));
    res.status(204).end();
  });
}
