/**
 * The browser's side of the one upload path (DESIGN §9 Files): `uploadFile` sends one file as
 * multipart/form-data (field `file`) to a contract's call, reporting progress and cancellable;
 * `downloadFile` fetches a call's file answer and saves it under the name its Content-Disposition
 * gives. Both carry the session cookie and the anti-forgery token like every call (`api`).
 */
import { ApiError, CancelError } from '../api-client.ts';
import { fillPath, type Contract, type ContractParams, type ContractQuery, type ContractResult } from '../contracts/contract.ts';
import { api } from './api.ts';

type Query = Record<string, string | number | boolean | undefined | null>;

function urlOf<C extends Contract>(contract: C, params: ContractParams<C> | undefined, query: ContractQuery<C> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Query)) if (value !== undefined && value !== null) search.append(key, String(value));
  const text = search.toString();
  return `${api.config.base}${fillPath(contract.path, params as Record<string, unknown> | undefined)}${text ? `?${text}` : ''}`;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export type UploadOptions<C extends Contract> = {
  params?: ContractParams<C>;
  query?: ContractQuery<C>;
  file: Blob & { name?: string };
  /** Called as the bytes go out: the share sent, 0 to 1. */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
};

/** Uploads one file to a call; resolves with its answer, rejects with ApiError (the server's message) or CancelError. */
export async function uploadFile<C extends Contract>(contract: C, options: UploadOptions<C>): Promise<ContractResult<C>> {
  const token = api.config.antiforgeryToken ? await api.config.antiforgeryToken() : undefined;
  const url = urlOf(contract, options.params, options.query);
  const form = new FormData();
  form.append('file', options.file, options.file.name ?? 'file');
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(contract.method, url);
    request.withCredentials = api.config.withCredentials;
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('X-XSRF-TOKEN', token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parseBody(request.responseText);
      if (request.status >= 200 && request.status < 300) resolve(body as ContractResult<C>);
      else reject(new ApiError(url, request.status, request.statusText, body));
    };
    request.onerror = () => reject(new ApiError(url, 0, 'Network error', { message: 'The upload could not reach the server. Check the connection and try again.' }));
    request.onabort = () => reject(new CancelError());
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** The file name a Content-Disposition header gives (its UTF-8 `filename*` first), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1]!.trim() : fallback;
}

/** Calls a file-answering call and saves the file (named by Content-Disposition); resolves with the name. */
export async function downloadFile<C extends Contract>(
  contract: C,
  options: { params?: ContractParams<C>; query?: ContractQuery<C>; body?: unknown; fallbackName: string; signal?: AbortSignal },
): Promise<string> {
  const url = urlOf(contract, options.params, options.query);
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (contract.method !== 'GET' && api.config.antiforgeryToken) headers['X-XSRF-TOKEN'] = await api.config.antiforgeryToken();
  const response = await fetch(url, {
    method: contract.method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: api.config.withCredentials ? 'include' : 'same-origin',
    signal: options.signal,
  });
  if (!response.ok) throw new ApiError(url, response.status, response.statusText, parseBody(await response.text()));
  const name = fileNameOf(response.headers.get('content-disposition'), options.fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}

/** Saves a blob made in the browser (an export) as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
