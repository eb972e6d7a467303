/**
 * Receipts and statements (contract/receipts.ts) as files for the browser: a booking's receipt (POST with the manage
 * calls' body, a link's token or a corporate passenger's booking number with their bearer token) and a corporate
 * passenger's monthly statement (GET with the bearer token). A refusal rejects with an ApiCallError carrying the
 * status and the server's JSON (its `message`, and a manage refusal's `code`).
 */
import { attachmentFilename, RECEIPT_API, receiptFilename, statementFilename, type DownloadedFile, type DownloadRequest } from '../../contract/receipts.ts';
import { apiClient, type CallOptions } from './client.ts';
import { callApi, downloadRefusal } from './apiError.ts';

const bearer = (token: string | undefined): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/** Fetches a receipt or a statement, named as the server names it. */
export function fetchDownload(request: DownloadRequest, { signal }: CallOptions = {}): Promise<DownloadedFile> {
  return callApi(async () => {
    try {
      const response =
        request.kind === 'receipt'
          ? await apiClient().raw<Blob, 'blob'>(RECEIPT_API.receipt, { method: 'POST', body: request.access, headers: bearer(request.bearer), signal, responseType: 'blob' })
          : request.kind === 'invoice'
            ? await apiClient().raw<Blob, 'blob'>(`/corporate/invoices/${request.id}/file`, { query: { format: request.format }, headers: bearer(request.bearer), signal, responseType: 'blob' })
            : request.kind === 'creditNote'
              ? await apiClient().raw<Blob, 'blob'>(`/corporate/credit-notes/${request.id}/file`, { headers: bearer(request.bearer), signal, responseType: 'blob' })
              : await apiClient().raw<Blob, 'blob'>(RECEIPT_API.statement, {
              query: { month: request.month, format: request.format },
              headers: bearer(request.bearer),
              signal,
              responseType: 'blob',
            });
      const fallback =
        request.kind === 'receipt'
          ? receiptFilename(request.access.booking_number ?? 'booking')
          : request.kind === 'invoice'
            ? `invoice-${request.id}.${request.format}`
            : request.kind === 'creditNote'
              ? `credit-note-${request.id}.pdf`
              : statementFilename(request.month, request.format);
      return { filename: attachmentFilename(response.headers.get('content-disposition')) ?? fallback, blob: response._data ?? new Blob([]) };
    } catch (error) {
      throw await downloadRefusal(error);
    }
  });
}
