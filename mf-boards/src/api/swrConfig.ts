import { mutate } from 'swr';
import { SESSION_KEY } from '@tradeboard/shared/web';
import { isUnauthorized } from './errors.ts';

/**
 * A 401 from any of the remote's reads means the session is gone: ask the shell to check it again
 * (GetBySession is a shared SWR key); its failure sends the page to /login (seed §2), never to /notFound.
 * Every tree of this remote's (the pages, the sidebar's board list) reads with it: SWR tells only the
 * hook that started a shared request.
 */
export const swrConfig = {
  onError: (error: unknown) => {
    if (isUnauthorized(error)) void mutate(SESSION_KEY);
  },
};
