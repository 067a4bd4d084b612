import type { UserService } from '../../services/user.service.js';
import { userDto } from '../dto.js';
import { bodyOf, type OperationRouter } from '../operation-router.js';
import { userInput } from '../request-inputs.js';

export function userRoutes(routes: OperationRouter, users: UserService): void {
  routes.handle('listUsers', async (_req, res) => {
    res.json({ items: (await users.list()).map(userDto) });
  });

  routes.handle('createUser', async (req, res) => {
    const body = bodyOf(req, 'createUser');
    const created = await users.create({
      ...userInput(body),
      username: body.username,
      password: body.password,
      role: body.role,
    });
    res.status(201).json(userDto(created));
  });

  routes.handle('getUser', async (req, res) => {
    res.json(userDto(await users.get(String(req.params.user_id))));
  });

  routes.handle('updateUser', async (req, res) => {
    const body = bodyOf(req, 'updateUser');
    const updated = await users.update(String(req.params.user_id), userInput(body));
    res.json(userDto(updated));
  });

  routes.handle('deleteUser', async (req, res) => {
    await users.delete(String(req.params.user_id));
    res.status(204).end();
  });
}
