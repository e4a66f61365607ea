//===- Attachment.cpp ------------------------------------------------------===//
#include "neverc/core/Attachment.h"

neverc::core::FrontendAttachment::~FrontendAttachment() = default;
