/** Offers a CSV text (components/csv.ts) as a file download — apart from csv.ts, which stays free of the DOM. */
/** Offers `text` as a download named `fileName` (a blob: URL, which the CSP allows). */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
