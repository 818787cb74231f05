import { useState } from 'react';
import { errorText } from '../../../lib/api/api-client';
import { downloadAgents } from '../api/download-agents';
import { useAdminSession } from '../hooks/use-admin-session';
import { ADMIN_MESSAGES } from '../utils/admin-messages';

/** "Download All Agents": the whole catalog as ai_agents.xlsx. */
export function DownloadAgentsButton() {
  const { run } = useAdminSession();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setFailure(null);
    try {
      await run(() => downloadAgents());
    } catch (error) {
      setFailure(errorText(error, ADMIN_MESSAGES.downloadFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        className="button button--primary"
        type="button"
        disabled={busy}
        onClick={() => void download()}
      >
        {busy ? 'Preparing the file...' : 'Download All Agents'}
      </button>
      {failure ? (
        <p className="notice notice--error admin-overview__failure" role="alert">
          {failure}
        </p>
      ) : null}
    </>
  );
}
