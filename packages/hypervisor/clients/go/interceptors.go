package hvclient

import (
	"context"
	"errors"
	"io"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
)

// interceptors add the token and the default deadline to each call and turn its failure into an
// *Error: every stub [Client] hands out goes through them.
type interceptors struct {
	token   string
	timeout time.Duration
}

func (i interceptors) outgoing(ctx context.Context) context.Context {
	if i.token == "" {
		return ctx
	}
	return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+i.token)
}

func (i interceptors) unary(
	ctx context.Context, method string, req, reply any, cc *grpc.ClientConn,
	invoker grpc.UnaryInvoker, opts ...grpc.CallOption,
) error {
	if _, has := ctx.Deadline(); !has && i.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, i.timeout)
		defer cancel()
	}
	var header metadata.MD
	err := invoker(i.outgoing(ctx), method, req, reply, cc, append(opts, grpc.Header(&header))...)
	return convertError(err, first(header, "x-request-id"))
}

func (i interceptors) stream(
	ctx context.Context, desc *grpc.StreamDesc, cc *grpc.ClientConn, method string,
	streamer grpc.Streamer, opts ...grpc.CallOption,
) (grpc.ClientStream, error) {
	s, err := streamer(i.outgoing(ctx), desc, cc, method, opts...)
	if err != nil {
		return nil, convertError(err, "")
	}
	return &convertingStream{ClientStream: s}, nil
}

// convertingStream converts the errors of a stream's messages; io.EOF (the stream's normal end)
// stays io.EOF.
type convertingStream struct{ grpc.ClientStream }

func (s *convertingStream) RecvMsg(m any) error {
	err := s.ClientStream.RecvMsg(m)
	if err == nil || errors.Is(err, io.EOF) {
		return err
	}
	header, _ := s.Header()
	return convertError(err, first(header, "x-request-id"))
}

func (s *convertingStream) SendMsg(m any) error {
	err := s.ClientStream.SendMsg(m)
	if err == nil || errors.Is(err, io.EOF) {
		return err
	}
	return convertError(err, "")
}

func first(md metadata.MD, key string) string {
	if values := md.Get(key); len(values) > 0 {
		return values[0]
	}
	return ""
}
