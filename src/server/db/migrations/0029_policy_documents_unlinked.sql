-- A policy links its documents by id only, as every other feature does (decision 025): the documents' table is the documents feature's, and a link whose file is gone is left out when read.
ALTER TABLE "policy_documents" DROP CONSTRAINT "policy_documents_document_id_documents_id_fk";
