/** Offers the text as a file download without a round trip to the server. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns: revoke a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
