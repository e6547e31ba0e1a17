package hvclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Kind is what kind of failure an [Error] is: the service's error kinds (the catalogue's, the
// same names in every client library) plus the client-side timeout, cancelled and transport.
type Kind string

// The kinds of the service's catalogue.
const (
	KindInvalid         Kind = "invalid"
	KindUnauthenticated Kind = "unauthenticated"
	KindForbidden       Kind = "forbidden"
	KindNotFound        Kind = "not_found"
	KindAlreadyExists   Kind = "already_exists"
	KindConflict        Kind = "conflict"
	KindTooLarge        Kind = "too_large"
	KindRateLimited     Kind = "rate_limited"
	KindHeadersTooLarge Kind = "headers_too_large"
	KindUnprocessable   Kind = "unprocessable"
	KindUnavailable     Kind = "unavailable"
	KindInternal        Kind = "internal"
	// KindTimeout: the call's deadline passed (DEADLINE_EXCEEDED).
	KindTimeout Kind = "timeout"
	// KindCancelled: the call's context was cancelled.
	KindCancelled Kind = "cancelled"
	// KindTransport: no answer from the service: connection refused or lost, a TLS handshake or
	// certificate pin that failed.
	KindTransport Kind = "transport"
)

// kindError is a sentinel: errors.Is(err, ErrNotFound) holds for an *Error of that kind.
type kindError struct{ kind Kind }

func (k *kindError) Error() string { return "hypervisor: " + string(k.kind) }

// Sentinels of each kind, for errors.Is.
var (
	ErrInvalid         error = &kindError{KindInvalid}
	ErrUnauthenticated error = &kindError{KindUnauthenticated}
	ErrForbidden       error = &kindError{KindForbidden}
	ErrNotFound        error = &kindError{KindNotFound}
	ErrAlreadyExists   error = &kindError{KindAlreadyExists}
	ErrConflict        error = &kindError{KindConflict}
	ErrTooLarge        error = &kindError{KindTooLarge}
	ErrRateLimited     error = &kindError{KindRateLimited}
	ErrHeadersTooLarge error = &kindError{KindHeadersTooLarge}
	ErrUnprocessable   error = &kindError{KindUnprocessable}
	ErrUnavailable     error = &kindError{KindUnavailable}
	ErrInternal        error = &kindError{KindInternal}
	ErrTimeout         error = &kindError{KindTimeout}
	ErrCancelled       error = &kindError{KindCancelled}
	ErrTransport       error = &kindError{KindTransport}
)

// Error is every failure of a call: the service's error (its code, message and details from the
// status's google.rpc.ErrorInfo) or a client-side one (timeout, cancelled, transport).
type Error struct {
	// Code is the service's error code (CodeVMNotFound, ...); empty for a client-side failure.
	Code Code
	// Kind is what kind of failure it is; compare with errors.Is(err, ErrNotFound) as well.
	Kind Kind
	// Message is the service's message, or the transport's.
	Message string
	// Details are the error's details (REST's `details`), JSON values parsed back.
	Details map[string]any
	// GRPCCode is the call's status code.
	GRPCCode codes.Code
	// RequestID names the call in the service's log and audit, when it gave one.
	RequestID string
	// Info is the status's ErrorInfo as received, nil when it had none.
	Info *errdetails.ErrorInfo

	cause error
}

func (e *Error) Error() string {
	if e.Code != "" {
		return fmt.Sprintf("hypervisor: %s: %s", e.Code, e.Message)
	}
	return fmt.Sprintf("hypervisor: %s: %s", e.Kind, e.Message)
}

// Is matches the sentinel of the error's kind; a timeout also matches context.DeadlineExceeded
// and a cancelled call context.Canceled, as Go code expects of a call that took a context.
func (e *Error) Is(target error) bool {
	if k, ok := target.(*kindError); ok {
		return k.kind == e.Kind
	}
	switch e.Kind {
	case KindTimeout:
		return target == context.DeadlineExceeded
	case KindCancelled:
		return target == context.Canceled
	}
	return false
}

// Unwrap is the gRPC status error (or the local error) this one was made from.
func (e *Error) Unwrap() error { return e.cause }

// kindByGRPCCode is the kind of a status without an ErrorInfo reason the catalogue knows.
var kindByGRPCCode = map[codes.Code]Kind{
	codes.InvalidArgument:    KindInvalid,
	codes.Unauthenticated:    KindUnauthenticated,
	codes.PermissionDenied:   KindForbidden,
	codes.NotFound:           KindNotFound,
	codes.AlreadyExists:      KindAlreadyExists,
	codes.FailedPrecondition: KindConflict,
	codes.ResourceExhausted:  KindTooLarge,
	codes.Internal:           KindInternal,
	codes.DeadlineExceeded:   KindTimeout,
	codes.Canceled:           KindCancelled,
	codes.OutOfRange:         KindInvalid,
	codes.Aborted:            KindConflict,
	codes.Unimplemented:      KindInternal,
	codes.Unknown:            KindInternal,
	codes.DataLoss:           KindInternal,
}

// convertError turns a call's error into an *Error; nil stays nil. requestID is the response
// header's x-request-id, when the call got headers.
func convertError(err error, requestID string) error {
	if err == nil {
		return nil
	}
	var already *Error
	if errors.As(err, &already) {
		return err
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return &Error{Kind: KindTimeout, Message: err.Error(), GRPCCode: codes.DeadlineExceeded, cause: err}
	}
	if errors.Is(err, context.Canceled) {
		return &Error{Kind: KindCancelled, Message: err.Error(), GRPCCode: codes.Canceled, cause: err}
	}
	st, ok := status.FromError(err)
	if !ok {
		return &Error{Kind: KindTransport, Message: err.Error(), GRPCCode: codes.Unknown, cause: err}
	}
	e := &Error{Message: st.Message(), GRPCCode: st.Code(), RequestID: requestID, cause: err}
	for _, detail := range st.Details() {
		if info, ok := detail.(*errdetails.ErrorInfo); ok {
			e.Info = info
			e.Code = Code(info.GetReason())
			e.Details = parseMetadata(info.GetMetadata())
			if id, ok := e.Details["request_id"].(string); ok && e.RequestID == "" {
				e.RequestID = id
			}
			break
		}
	}
	switch {
	case e.Code != "" && kindByCode[e.Code] != "":
		e.Kind = kindByCode[e.Code]
	case st.Code() == codes.Unavailable && e.Info == nil:
		// No ErrorInfo: grpc-go's own status for a connection it could not make or lost.
		e.Kind = KindTransport
	case st.Code() == codes.Unavailable:
		e.Kind = KindUnavailable
	default:
		e.Kind = kindByGRPCCode[st.Code()]
		if e.Kind == "" {
			e.Kind = KindInternal
		}
	}
	return e
}

// parseMetadata reads ErrorInfo.metadata back into REST's details: the service sends strings as
// they are and other values as JSON, so a value that parses as a JSON number, boolean, object,
// array or null is that value, anything else the string.
func parseMetadata(metadata map[string]string) map[string]any {
	details := make(map[string]any, len(metadata))
	for key, text := range metadata {
		var value any
		if err := json.Unmarshal([]byte(text), &value); err == nil {
			if _, isString := value.(string); !isString {
				details[key] = value
				continue
			}
		}
		details[key] = text
	}
	return details
}
