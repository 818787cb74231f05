import { DOWNLOAD_FILE_NAME } from '@agentry/domain/spreadsheet-files';
import { apiBlob } from '../../../lib/api/api-client';

const SPREADSHEET = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * GET /api/admin/download-agents through the site's own origin (never a fixed host), saved as
 * ai_agents.xlsx. Fetched first, so a failure can be said on the page instead of saving an error.
 */
export async function downloadAgents(): Promise<void> {
  const blob = await apiBlob('/api/admin/download-agents', {
    headers: { Accept: `${SPREADSHEET}, application/json` },
  });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = DOWNLOAD_FILE_NAME;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
