/** A CSV export as a download named `filename`; never cached, since it holds what the caller may read now. */
export function csvDownload(body: ReadableStream<Uint8Array>, filename: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
