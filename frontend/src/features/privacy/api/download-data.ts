import { requestHeaders, throwIfNotOk } from '../../../shared/api/http-client';

export const USER_DATA_PATH = '/api/user/data';

export type DataFormat = 'json' | 'summary';

/** The file name the server gave (`labelwise-data-<date>.json`), else a plain one. */
function fileNameOf(response: Response, format: DataFormat): string {
  const given = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return given ?? `labelwise-data.${format === 'json' ? 'json' : 'txt'}`;
}

/** Fetches the signed-in user's data and hands it to the browser as a file download. */
export async function downloadUserData(format: DataFormat): Promise<void> {
  const response = await fetch(format === 'json' ? USER_DATA_PATH : `${USER_DATA_PATH}?format=summary`, {
    credentials: 'include',
    headers: await requestHeaders(),
  });
  await throwIfNotOk(response);
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: fileNameOf(response, format),
  });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
