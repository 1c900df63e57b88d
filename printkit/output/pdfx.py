"""What a print shop's preflight reads: an output intent, and with `pdfx` PDF/X-4 identification.

reportlab writes the pages; this step (pikepdf, on qpdf) adds to the file:

- an output intent (`/OutputIntents` in the catalog, subtype `/GTS_PDFX`)
  holding the ICC profile the CMYK numbers were made for (`DestOutputProfile`)
  and its name: for the shipped profile the registered characterization
  `FOGRA39` (registry http://www.color.org), for a profile of the user's
  `Custom` with its description, so a shop knows what the numbers mean;
- with `pdfx`, PDF/X-4 (ISO 15930-7) identification: PDF 1.6,
  `GTS_PDFXVersion (PDF/X-4)` and `Trapped /False` in the document info, and
  an XMP metadata stream that says the same (title, dates, producer, document
  and version ids, `pdfxid:GTS_PDFXVersion`); every page keeps its TrimBox and
  BleedBox (shop pages have them; a home sheet gets its page as TrimBox).
  PDF/X-4 allows the transparency some pieces use, which X-1a does not.

Bytes stay the same for the same input: the dates are the ones reportlab
wrote (fixed, 2000-01-01, or `SOURCE_DATE_EPOCH` when it is set), the XMP ids
are taken from a hash of the pages, and qpdf computes the file id from the
content (`deterministic_id`).
"""

from __future__ import annotations

import hashlib
import io
import uuid
from xml.sax.saxutils import escape

import pikepdf
from pikepdf import Array, Dictionary, Name, String

from printkit.output.colour_profile import CmykProfile

PDFX_VERSION = "PDF/X-4"
XMP = """<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>
   <xmp:CreateDate>{date}</xmp:CreateDate>
   <xmp:ModifyDate>{date}</xmp:ModifyDate>
   <xmp:MetadataDate>{date}</xmp:MetadataDate>
   <xmp:CreatorTool>{creator}</xmp:CreatorTool>
   <pdf:Producer>{producer}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>uuid:{doc_id}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{doc_id}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""


def _xmp_date(pdf_date: str) -> str:
    """A PDF date `D:YYYYMMDDHHmmSS...` as the XMP `YYYY-MM-DDTHH:mm:SSZ` (reportlab writes UTC)."""
    d = pdf_date[2:] if pdf_date.startswith("D:") else pdf_date
    return f"{d[0:4]}-{d[4:6]}-{d[6:8]}T{d[8:10]}:{d[10:12]}:{d[12:14]}Z"


def _output_intent(pdf: pikepdf.Pdf, profile: CmykProfile) -> Dictionary:
    icc = pikepdf.Stream(pdf, profile.icc)
    icc.N = 4
    intent = Dictionary(
        Type=Name.OutputIntent,
        S=Name.GTS_PDFX,
        OutputConditionIdentifier=String(profile.identifier),
        OutputCondition=String(profile.description),
        Info=String(profile.description),
        DestOutputProfile=icc,
    )
    if profile.registry:
        intent.RegistryName = String(profile.registry)
    return intent


def _identify_pdfx(pdf: pikepdf.Pdf, title: str, digest: bytes) -> None:
    info = pdf.docinfo
    date = str(info.get("/CreationDate", "D:20000101000000"))
    info.ModDate = String(date)
    info.Title = String(title)
    info.Trapped = Name("/False")
    info.GTS_PDFXVersion = String(PDFX_VERSION)
    xmp = XMP.format(
        title=escape(title),
        date=_xmp_date(date),
        creator=escape(str(info.get("/Creator", "printkit"))),
        producer=escape(str(info.get("/Producer", ""))),
        doc_id=uuid.UUID(bytes=digest[:16]),
        version=PDFX_VERSION,
    )
    metadata = pikepdf.Stream(pdf, xmp.encode("utf-8"))
    metadata.Type, metadata.Subtype = Name.Metadata, Name.XML
    pdf.Root.Metadata = metadata
    for page in pdf.pages:
        if "/TrimBox" not in page.obj:
            page.obj.TrimBox = page.obj.MediaBox
        if "/BleedBox" not in page.obj:
            page.obj.BleedBox = page.obj.TrimBox


def with_output_intent(pdf_bytes: bytes, profile: CmykProfile, title: str, pdfx: bool = False) -> bytes:
    """The PDF with the profile as its output intent and, with `pdfx`, PDF/X-4 identification."""
    digest = hashlib.sha256(pdf_bytes).digest()
    with pikepdf.open(io.BytesIO(pdf_bytes)) as pdf:
        pdf.Root.OutputIntents = Array([_output_intent(pdf, profile)])
        if pdfx:
            _identify_pdfx(pdf, title, digest)
        out = io.BytesIO()
        pdf.save(
            out,
            deterministic_id=True,
            min_version="1.6" if pdfx else "",
            compress_streams=True,
            stream_decode_level=pikepdf.StreamDecodeLevel.none,
        )
    return out.getvalue()
