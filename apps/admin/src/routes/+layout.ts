// The admin is a client-side app: the server only sends the HTML shell, and the
// browser calls the API. Nothing calls the API at build time.
export const ssr = false;
export const prerender = false;
