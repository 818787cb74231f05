import { isExcelFileName, UPLOAD_TYPE_MESSAGE } from '@agentry/domain/admin-rules';
import { type DragEvent, useId, useRef, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { errorText } from '../../../lib/api/api-client';
import { type UploadReport, uploadAgents } from '../api/upload-agents';
import { useAdminSession } from '../hooks/use-admin-session';
import { ADMIN_MESSAGES } from '../utils/admin-messages';
import { SkippedRows, uploadSummary } from './upload-result';

// The Excel upload (spec sections 2 and 5): a drop zone around an ordinary file input, so the
// keyboard and screen readers use the input and a mouse can drop a file on it. A name that is not
// .xlsx or .xls is refused before anything is sent. Reading 10,000 rows takes the server a few
// seconds: the panel says it is busy until the report comes.

type Upload =
  | { status: 'idle' }
  | { status: 'refused'; message: string }
  | { status: 'uploading'; fileName: string }
  | { status: 'failed'; message: string }
  | { status: 'done'; fileName: string; report: UploadReport };

export function ExcelUpload({ onUploaded }: { onUploaded: () => void }) {
  const { run } = useAdminSession();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [upload, setUpload] = useState<Upload>({ status: 'idle' });
  const busy = upload.status === 'uploading';

  function choose(chosen: File | null | undefined) {
    if (!chosen || busy) return;
    if (!isExcelFileName(chosen.name)) {
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      setUpload({ status: 'refused', message: UPLOAD_TYPE_MESSAGE });
      return;
    }
    setFile(chosen);
    setUpload({ status: 'idle' });
  }

  async function send() {
    if (!file || busy) return;
    setUpload({ status: 'uploading', fileName: file.name });
    try {
      const report = await run((token) => uploadAgents(token, file));
      setUpload({ status: 'done', fileName: file.name, report });
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      onUploaded();
    } catch (error) {
      setUpload({ status: 'failed', message: errorText(error, ADMIN_MESSAGES.uploadFailed) });
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  return (
    <section className="dashboard-panel" aria-labelledby="excel-upload-title">
      <h2 id="excel-upload-title">Upload agents from Excel</h2>
      <p id={hintId} className="form-field__hint">
        Columns: Name, Provider, Category, Role, Description, Cost, Address. Rows already listed (same name
        and provider) or with a missing field are skipped.
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the file input inside is the way for everyone */}
      <div
        className={`admin-dropzone${dragging ? ' admin-dropzone--over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={(event) => {
          // Moving onto the label or the input inside is not leaving the zone.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <label htmlFor={inputId} className="admin-dropzone__label">
          Drop an Excel file (.xlsx or .xls) here, or choose one
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
          aria-describedby={hintId}
          disabled={busy}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        {file ? <p className="admin-dropzone__file">Ready: {file.name}</p> : null}
      </div>
      <div className="form-actions">
        <button
          className="button button--primary"
          type="button"
          aria-disabled={!file || busy || undefined}
          onClick={() => void send()}
        >
          {busy ? 'Uploading...' : 'Upload'}
        </button>
      </div>
      <UploadStatus upload={upload} />
    </section>
  );
}

function UploadStatus({ upload }: { upload: Upload }) {
  if (upload.status === 'refused' || upload.status === 'failed')
    return <FormAlert kind="error">{upload.message}</FormAlert>;
  return (
    <>
      <div role="status" className="admin-upload-status">
        {upload.status === 'uploading' ? (
          <p className="admin-busy">
            <span className="spinner" aria-hidden="true" />
            <span>Uploading and reading {upload.fileName}. A large file takes a few seconds...</span>
          </p>
        ) : null}
        {upload.status === 'done' ? (
          <p className="form-alert form-alert--success">{uploadSummary(upload.fileName, upload.report)}</p>
        ) : null}
      </div>
      {upload.status === 'done' ? <SkippedRows rows={upload.report.skipped_agents} /> : null}
    </>
  );
}
