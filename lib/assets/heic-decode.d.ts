// heic-decode 2.1.0 ships no types: the part of its API the studio calls, in a worker thread (lib/assets/heic.ts).
declare module "heic-decode" {
  type DecodedHeic = { width: number; height: number; data: Uint8ClampedArray };
  function decode(input: { buffer: Uint8Array }): Promise<DecodedHeic>;
  export default decode;
}
