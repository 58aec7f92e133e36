import { apiRequest } from './api-client';

/** Saves a Blob under the given name through a temporary <a download>. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the object URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GETs an authenticated file (CSV, PDF) and saves it as `filename`. */
export async function downloadFile(url: string, filename: string): Promise<void> {
  const res = await apiRequest('GET', url);
  saveBlob(await res.blob(), filename);
}

/** GETs an authenticated file and saves it under the name the server gives (Content-Disposition); answers that name. */
export async function downloadServerNamedFile(url: string): Promise<string> {
  const res = await apiRequest('GET', url);
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'download.csv';
  saveBlob(await res.blob(), name);
  return name;
}

/** Characters no file system accepts in a name; the rest of the donor's name is kept as written. */
export function safeFilePart(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are among those replaced
  return value.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim();
}
