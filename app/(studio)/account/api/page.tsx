import type { Metadata } from "next";
import { type ApiDocument, ApiReference, ApiText } from "@/components/api-docs/api-reference";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";

export const metadata: Metadata = { title: "API reference" };

export default async function ApiReferencePage() {
  await requirePageUser();
  const document = buildOpenApiDocument() as unknown as ApiDocument;
  return (
    <>
      <PageHeader
        title="API reference"
        description={
          <>
            <ApiText text={document.info.description} /> The same, as an OpenAPI 3.1 document:{" "}
            <a href="/api/openapi.json" className="font-mono underline">
              /api/openapi.json
            </a>
            .
          </>
        }
      />
      <div className="max-w-4xl">
        <ApiReference document={document} />
      </div>
    </>
  );
}
