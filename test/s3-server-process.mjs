// An S3-compatible server (s3rver) in a process of its own, so that what the storage tests measure
// of their own process's memory is the client's alone. Serves <directory> with one bucket on a free
// port, tells the parent the port, and ends with the parent.
import S3rver from "s3rver";

const [directory, bucket] = process.argv.slice(2);
// s3rver throws from a file stream when its client goes away in the middle of an upload (a process
// killed while it stores a blob); a real object store keeps serving everyone else, and so does this one.
process.on("uncaughtException", (error) => console.error(`s3rver: ${error.message}`));
const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
const { port } = await server.run();
process.on("disconnect", () => process.exit(0));
process.send({ port });
