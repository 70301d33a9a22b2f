// Reads a streamed answer of one JSON object per line (lib/http/ndjson on the server).
export async function readNdjson<E>(response: Response, onEvent: (event: E) => void): Promise<void> {
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    let newline = buffered.indexOf("\n");
    while (newline >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (line) onEvent(JSON.parse(line) as E);
      newline = buffered.indexOf("\n");
    }
  }
  if (buffered.trim()) onEvent(JSON.parse(buffered) as E);
}
