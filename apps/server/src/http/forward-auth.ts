import type { RequestHandler } from 'express';
import proxyAddr from 'proxy-addr';
import type { ForwardAuthConfig } from '../config.js';

import './credentials.js';

/**
 * Forward authentication (issue 38): the user header is believed only from an address in FORWARD_AUTH_PROXIES, the
 * peer itself (never X-Forwarded-For: TRUST_PROXY is a list of its own). The headers are taken off every request,
 * believed or not, before anything can log them.
 */
export function forwardAuth(config: ForwardAuthConfig | undefined): RequestHandler {
  if (!config) return (_req, _res, next) => next();
  const trusted = proxyAddr.compile(config.proxies);
  return (req, _res, next) => {
    const user = req.headers[config.userHeader];
    const groups = config.groupsHeader === undefined ? undefined : req.headers[config.groupsHeader];
    delete req.headers[config.userHeader];
    if (config.groupsHeader !== undefined) delete req.headers[config.groupsHeader];
    const name = typeof user === 'string' ? user.trim() : '';
    if (name !== '' && trusted(req.socket.remoteAddress ?? '', 0)) {
      req.forwardedUser = {
        name,
        groups:
          config.groupsHeader === undefined
            ? undefined
            : (typeof groups === 'string' ? groups : '')
                .split(/[,|]/)
                .map((group) => group.trim())
                .filter((group) => group !== ''),
      };
    }
    next();
  };
}
